/** The product name, shown in the header, e-mails and page titles. Change it here only. */
export const PRODUCT_NAME = "Limber";

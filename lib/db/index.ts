export { getDb, closeAllDbs, type Db } from "./client";

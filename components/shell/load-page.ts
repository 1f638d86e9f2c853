/**
 * A full page load of one of Limber's own paths, where the spec asks for one (after sign-in, sign-out
 * and account deletion): every client cache and the previous session's state go with the old page,
 * which a client-side navigation would keep.
 */
export function loadPage(path: `/${string}`) {
  window.location.assign(path);
}

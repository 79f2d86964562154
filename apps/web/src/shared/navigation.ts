/** A full page load (SPEC §4: the post-order area after login, home after logout). Tests replace it. */
export function loadPage(url: string): void {
  window.location.assign(url);
}

/** A full page load (SPEC §4: the post-order area after login, home after logout). Tests replace it. */
export function loadPage(url: string): void {
  window.location.assign(url);
}

/** Leaves the app by posting a form (a gateway's hosted checkout wants a POST with its fields). */
export function postPage(url: string, fields: Record<string, string>): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = url;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

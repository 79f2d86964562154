/** An inline error under a control, announced as it appears; nothing when there is none. */
export function ErrorText({ text, id }: { text: string | null | undefined; id?: string }) {
  if (!text) return null;
  return (
    <p id={id} className="error-text" role="alert">
      {text}
    </p>
  );
}

/** The gateway's own fields of a form posted to it (its key, the order, where to come back to). */
export function HiddenFields({ fields }: { fields: Record<string, string> | undefined }) {
  if (!fields) return null;
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

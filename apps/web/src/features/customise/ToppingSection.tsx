import { useId, type ReactNode } from 'react';

/** A titled grid of topping buttons, with a hint under the title. */
export function ToppingSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="customise-block" aria-labelledby={id}>
      <h2 id={id} className="customise-h">
        {title}
      </h2>
      {hint ? <p className="customise-hint">{hint}</p> : null}
      <div className="topping-grid">{children}</div>
    </section>
  );
}

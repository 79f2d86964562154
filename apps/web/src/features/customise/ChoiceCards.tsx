import { useId } from 'react';
import { RadioGroup } from '../../shared/ui/form/RadioGroup.tsx';

interface Option {
  id: number;
  name: string;
}

/** The crust or the size: the kit's radio group as cards, each with its description (and price) under its name. */
export function ChoiceCards<O extends Option>({
  name,
  legend,
  options,
  selected,
  describe,
  onSelect,
}: {
  name: string;
  legend: string;
  options: readonly O[];
  selected: number;
  describe: (o: O) => { text: string; price?: string; disabled?: boolean };
  onSelect: (id: number) => void;
}) {
  const uid = useId();
  return (
    <RadioGroup
      name={name}
      className="customise-block customise-radios"
      legend={legend}
      legendClassName="customise-h legend-heading"
      optionsClassName="radio-cards"
      value={selected}
      onChange={onSelect}
      options={options.map((o) => {
        const d = describe(o);
        const descId = `${uid}-${o.id}`;
        const detail = [d.text, d.price].filter(Boolean).join(' · ');
        return {
          value: o.id,
          disabled: d.disabled,
          className: d.disabled ? 'radio-card radio-card-off' : 'radio-card',
          inputProps: { 'aria-label': o.name, 'aria-describedby': detail ? descId : undefined },
          label: (
            <span className="radio-card-text">
              <span className="radio-card-name">{o.name}</span>
              {detail ? (
                <span id={descId} className="radio-card-desc">
                  {d.text}
                  {d.price ? <strong className="radio-card-price">{d.price}</strong> : null}
                </span>
              ) : null}
            </span>
          ),
        };
      })}
    />
  );
}

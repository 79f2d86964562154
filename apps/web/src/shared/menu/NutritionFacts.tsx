import type { MenuSizeInfo } from '@crust/contract';
import { nt } from './nutrition-texts.ts';

const ROWS = [
  ['energyKcal', 'kcal'],
  ['proteinG', 'g'],
  ['carbohydrateG', 'g'],
  ['sugarG', 'g'],
  ['fatG', 'g'],
  ['sodiumMg', 'mg'],
] as const;

const amount = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 1 });

/**
 * One size's nutrition per serving and its allergens (SPEC §3 nutriInfoDetails and allergenInfoDetails), as
 * FSSAI's labelling asks a chain to show online: energy, protein, carbohydrate, sugars, fat and sodium, and the
 * allergens it contains (or that it contains none of them).
 */
export function NutritionFacts({ info, sizeName }: { info: MenuSizeInfo | undefined; sizeName: string }) {
  if (!info) return <p className="nutrition-note">{nt('notDeclared')}</p>;
  const n = info.nutriInfoDetails;
  return (
    <div className="nutrition">
      <p className="nutrition-serving">
        {nt('perServing', { size: sizeName, grams: amount(n.servingSizeG) })}
      </p>
      <dl className="nutrition-table">
        {ROWS.map(([key, unit]) => (
          <div key={key} className={key === 'sugarG' ? 'nutrition-row nutrition-sub' : 'nutrition-row'}>
            <dt>{nt(key)}</dt>
            <dd>
              {amount(n[key])} {unit}
            </dd>
          </div>
        ))}
      </dl>
      <p className="nutrition-allergens">
        {info.allergenInfoDetails.length > 0
          ? nt('contains', { list: info.allergenInfoDetails.map((a) => a.name).join(', ') })
          : nt('noAllergens')}
      </p>
      <p className="nutrition-note">{nt('adultNeeds')}</p>
    </div>
  );
}

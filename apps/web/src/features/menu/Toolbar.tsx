import type { ChangeEvent } from 'react';
import { MENU_FILTERS, parseSort, type MenuFilter, type SortKey } from '@crust/domain/menu-filters';
import { mt } from '../../shared/menu/texts.ts';

const SORT_OPTIONS: ReadonlyArray<{ value: SortKey | ''; label: Parameters<typeof mt>[0] }> = [
  { value: '', label: 'sortNone' },
  { value: 'price-low-high', label: 'sortPriceLowHigh' },
  { value: 'price-high-low', label: 'sortPriceHighLow' },
  { value: 'discount-high-low', label: 'sortDiscountHighLow' },
  { value: 'discount-low-high', label: 'sortDiscountLowHigh' },
];

const FILTER_OPTIONS: ReadonlyArray<{
  value: MenuFilter;
  label: Parameters<typeof mt>[0];
  mark?: 'veg' | 'nonveg';
}> = [
  { value: MENU_FILTERS.ALL, label: 'filterAll' },
  { value: MENU_FILTERS.VEG, label: 'filterVeg', mark: 'veg' },
  { value: MENU_FILTERS.NON_VEG, label: 'filterNonVeg', mark: 'nonveg' },
];

/** The filter chips (all, veg, non-veg) and the sort order above the menu. */
export function Toolbar({
  filter,
  sort,
  onFilter,
  onSort,
}: {
  filter: MenuFilter;
  sort: SortKey | undefined;
  onFilter: (f: MenuFilter) => void;
  onSort: (k: SortKey | undefined) => void;
}) {
  return (
    <div className="menu-toolbar">
      <fieldset className="menu-filter">
        <legend className="visually-hidden">{mt('filterLegend')}</legend>
        {FILTER_OPTIONS.map((o) => (
          <label key={o.value} className="filter-chip">
            <input
              type="radio"
              name="menu-filter"
              className="filter-chip-input"
              value={o.value}
              checked={filter === o.value}
              onChange={() => onFilter(o.value)}
            />
            <span className="filter-chip-face">
              {o.mark ? (
                <span className={`food-mark ${o.mark}`} aria-hidden="true">
                  <span />
                </span>
              ) : null}
              {mt(o.label)}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="menu-sort">
        <span className="menu-sort-label">{mt('sortLabel')}</span>
        <select
          className="menu-sort-select"
          value={sort ?? ''}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onSort(parseSort(e.target.value))}
        >
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {mt(o.label)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

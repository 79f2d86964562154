/** The veg (green) / non-veg (brown) square mark Indian menus carry by law. */
export function FoodMark({ foodType }: { foodType: 'VEG' | 'NON_VEG' }) {
  const veg = foodType === 'VEG';
  return (
    <span className={`food-mark ${veg ? 'veg' : 'nonveg'}`} role="img" aria-label={veg ? 'Veg' : 'Non-veg'}>
      <span />
    </span>
  );
}

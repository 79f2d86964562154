import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { terms } from './texts.ts';
import './offers.css';

const SECTIONS = [
  ['h1', 'p1'],
  ['h2', 'p2'],
  ['h3', 'p3'],
  ['h4', 'p4'],
  ['h5', 'p5'],
  ['h6', 'p6'],
  ['h7', 'p7'],
  ['h8', 'p8'],
  ['h9', 'p9'],
  ['h10', 'p10'],
  ['h11', 'p11'],
  ['h12', 'p12'],
] as const;

/** SPEC §2 /tnc: the general terms of use. */
export default function TermsScreen() {
  return (
    <div className="offers-screen">
      <ScreenHeader title={terms('title')} />
      <main className="offers-main tnc">
        <p className="offers-note">{terms('updated')}</p>
        {SECTIONS.map(([h, p]) => (
          <section key={h} aria-labelledby={`tnc-${h}`}>
            <h2 id={`tnc-${h}`}>{terms(h)}</h2>
            <p>{terms(p)}</p>
          </section>
        ))}
      </main>
    </div>
  );
}

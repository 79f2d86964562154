import type { ReactNode } from 'react';
import { isAppPath, isSafeHref, type Markup as MarkupTree, type MarkupInline } from '@crust/domain/content';
import { assertNever } from '@crust/domain/delivery-types';
import { Link } from '../router/index.ts';
import './markup.css';

/**
 * Renders a parsed markup tree (packages/domain content.ts) as React elements: every string goes in as a text
 * child, which React escapes, so nothing an admin typed becomes HTML. There is no dangerouslySetInnerHTML or
 * innerHTML here, by design. A link goes on only when its target is still one the domain allows (the server
 * already checked it; this does not trust the wire): an app path through the router, an https address in a new
 * tab without the opener; any other target is shown as typed.
 */
export function Markup({ tree, className }: { tree: MarkupTree; className?: string }) {
  return (
    <div className={className ? `markup ${className}` : 'markup'}>
      {tree.map((block, i) => {
        switch (block.t) {
          case 'p':
            return <p key={i}>{inlines(block.c)}</p>;
          case 'ul':
            return (
              <ul key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{inlines(item)}</li>
                ))}
              </ul>
            );
          default:
            return assertNever(block);
        }
      })}
    </div>
  );
}

function inlines(list: MarkupInline[]): ReactNode[] {
  return list.map((piece, i) => {
    switch (piece.t) {
      case 'text':
        return piece.v;
      case 'strong':
        return <strong key={i}>{piece.v}</strong>;
      case 'em':
        return <em key={i}>{piece.v}</em>;
      case 'br':
        return <br key={i} />;
      case 'link':
        if (!isSafeHref(piece.href)) return `[${piece.v}](${piece.href})`;
        return isAppPath(piece.href) ? (
          <Link key={i} to={piece.href}>
            {piece.v}
          </Link>
        ) : (
          <a key={i} href={piece.href} target="_blank" rel="noopener noreferrer">
            {piece.v}
          </a>
        );
      default:
        return assertNever(piece);
    }
  });
}

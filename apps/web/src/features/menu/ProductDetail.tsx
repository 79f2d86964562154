import { useState } from 'react';
import { createPortal } from 'react-dom';
import type { MenuProduct } from '@crust/contract';
import { Dialog } from '../../shared/ui/Dialog.tsx';
import { NutritionFacts } from '../../shared/menu/NutritionFacts.tsx';
import { nt } from '../../shared/menu/nutrition-texts.ts';
import '../../shared/menu/menu.css';

/**
 * A product's detail, opened from its card (its own lazy chunk, not the menu's first download): the photo,
 * the description, and per size sold the nutrition per serving and the allergens (FSSAI).
 */
export default function ProductDetail({ product, onClose }: { product: MenuProduct; onClose: () => void }) {
  const photo = product.mediaList[0];
  const sold = [...new Set(product.variants.map((v) => v.sizeId))];
  const [sizeId, setSizeId] = useState(sold[0] ?? 0);
  const sizeName = (id: number) => product.variants.find((v) => v.sizeId === id)?.sizeName ?? '';
  // on the page, not in the card: a card's highlight (a transform) would hold a fixed backdrop inside it
  return createPortal(
    <div className="product-detail">
      <Dialog title={nt('detailTitle', { name: product.name })} actionLabel={nt('close')} onAction={onClose}>
        {photo?.srcset ? (
          // the detail's own <picture> (not ProductImage): this chunk stays free of the menu's model
          <span className="product-img">
            <picture>
              <source type="image/webp" srcSet={photo.srcset.webp} sizes="320px" />
              <img
                src={photo.url}
                srcSet={photo.srcset.jpeg}
                sizes="320px"
                alt=""
                width={photo.width}
                height={photo.height}
              />
            </picture>
          </span>
        ) : null}
        <p>{product.description}</p>
        <h3>{nt('title')}</h3>
        {sold.length > 1 ? (
          <div className="product-detail-sizes" role="group" aria-label={nt('title')}>
            {sold.map((id) => (
              <button
                key={id}
                type="button"
                className="btn btn-secondary product-detail-size"
                aria-pressed={id === sizeId}
                onClick={() => setSizeId(id)}
              >
                {sizeName(id)}
              </button>
            ))}
          </div>
        ) : null}
        <NutritionFacts info={product.sizes?.find((s) => s.sizeId === sizeId)} sizeName={sizeName(sizeId)} />
      </Dialog>
    </div>,
    document.body,
  );
}

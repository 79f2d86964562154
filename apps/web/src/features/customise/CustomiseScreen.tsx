import { MESSAGES } from '@crust/domain/messages';
import { Link, useSearchParams } from '../../shared/router/index.ts';
import { paths } from '../../config/paths.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { useMenu, useMenuStoreId, useToppings } from '../../shared/menu/api.ts';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';
import { isCustomisable } from '../../shared/menu/model.ts';
import { mt } from '../../shared/menu/texts.ts';
import { Customiser } from './Customiser.tsx';
import { ct } from './texts.ts';
import '../../shared/menu/menu.css';
import './customise.css';

export default function CustomiseScreen() {
  const [params] = useSearchParams();
  const pizzaId = params.get('pizzaId') ?? '';
  const storeId = useMenuStoreId();
  const menu = useMenu(storeId);
  const toppings = useToppings(storeId);
  const product = menu.data?.products.find((p) => p.menuCode === pizzaId);

  if (menu.isPending || (product && toppings.isPending)) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={ct('title')} />
        <Spinner />
      </div>
    );
  }
  if (!menu.data) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={ct('title')} />
        <LoadFailed message={mt('loadFailed')} onRetry={() => void menu.refetch()} />
      </div>
    );
  }
  if (!product || !isCustomisable(product) || !product.inStock) {
    return (
      <div className="customise-screen">
        <ScreenHeader title={product?.name ?? ct('title')} />
        <div className="menu-empty">
          <p>
            {!product ? ct('notFound') : !product.inStock ? MESSAGES.outOfStock : MESSAGES.notAvailableNow}
          </p>
          <Link className="btn btn-secondary" to={paths.menu()}>
            {ct('backToMenu')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <Customiser
      // a different product starts from a clean slate
      key={product.menuCode}
      product={product}
      menu={menu.data}
      toppings={toppings.data}
      toppingsFailed={toppings.isError}
      onRetryToppings={() => void toppings.refetch()}
    />
  );
}

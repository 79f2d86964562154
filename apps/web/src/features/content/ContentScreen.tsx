import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Markup as MarkupTree } from '@crust/domain/content';
import { paths } from '../../config/paths.ts';
import { ApiError } from '../../shared/api/client.ts';
import { messageOf } from '../../shared/api/errors.ts';
import { Markup } from '../../shared/content/Markup.tsx';
import { Link } from '../../shared/router/index.ts';
import { ScreenHeader } from '../../shared/ui/ScreenHeader.tsx';
import { Spinner } from '../../shared/ui/Spinner.tsx';
import { ct } from './texts.ts';
import './content.css';
import { LoadFailed } from '../../shared/menu/product-parts.tsx';

/**
 * A content screen: its title in the header and its parsed body, or, while it loads, a spinner; for a page or
 * widget that does not exist (or is no longer live), a friendly "not found" with a way on, never a blank screen.
 */
export function ContentScreen({
  query,
  fallbackTitle,
  children,
}: {
  query: UseQueryResult<{ title: string; body: MarkupTree }>;
  fallbackTitle: string;
  children?: ReactNode;
}) {
  const gone = query.error instanceof ApiError && query.error.status === 404;
  return (
    <div className="ct-screen">
      <ScreenHeader title={query.data?.title ?? (gone ? ct('notFoundTitle') : fallbackTitle)} />
      <main className="screen ct-main">
        {query.data ? (
          <article className="ct-card card">
            <Markup tree={query.data.body} />
            {children}
          </article>
        ) : gone ? (
          <NotFound />
        ) : query.isError ? (
          <div className="ct-card card">
            <LoadFailed
              message={`${ct('loadFailed')} ${messageOf(query.error)}`}
              onRetry={() => void query.refetch()}
            />
          </div>
        ) : (
          <Spinner />
        )}
      </main>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="ct-card card ct-not-found" role="status">
      <p>{ct('notFound')}</p>
      <p className="ct-links">
        <Link to={paths.info()}>{ct('seeAllPages')}</Link>
        <Link to={paths.home()}>{ct('goHome')}</Link>
      </p>
    </div>
  );
}

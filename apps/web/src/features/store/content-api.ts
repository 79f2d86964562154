/* eslint-disable @typescript-eslint/no-restricted-imports -- lazy /store chunk only, see console-api.ts */
import {
  AdminWidgetResponseSchema,
  AdminWidgetsResponseSchema,
  WidgetInputSchema,
  type AdminWidget,
  type WidgetInput,
} from '@crust/contract/content';
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { fillPath } from '@crust/contract/paths';
import { CONSOLE_PATHS } from '@crust/contract/console-paths';
import type { WidgetPlacement } from '@crust/domain/content';
import { call } from './console-api.ts';

/** The Content view's calls (ADMIN logins): widgets, checked against the contract like the console's. */
export async function fetchAdminWidgets(signal?: AbortSignal): Promise<AdminWidget[]> {
  return (await call(CONSOLE_PATHS.adminWidgets, AdminWidgetsResponseSchema, { signal })).data.widgets;
}

/** The contract's own words for what is wrong with a widget, before anything is sent; null when nothing is. */
export function widgetProblem(input: WidgetInput): { field: string; message: string } | null {
  const checked = WidgetInputSchema.safeParse(input);
  if (checked.success) return null;
  const issue = checked.error.issues[0]!;
  return { field: String(issue.path[0] ?? ''), message: issue.message };
}

export async function createWidget(input: WidgetInput): Promise<AdminWidget> {
  return (await call(CONSOLE_PATHS.adminWidgets, AdminWidgetResponseSchema, { method: 'POST', body: input }))
    .data;
}

export async function updateWidget(id: string, version: number, input: WidgetInput): Promise<AdminWidget> {
  return (
    await call(fillPath(CONSOLE_PATHS.adminWidget, { widgetId: id }), AdminWidgetResponseSchema, {
      method: 'PUT',
      body: { ...input, version },
    })
  ).data;
}

export async function retireWidget(id: string, version: number): Promise<AdminWidget> {
  return (
    await call(fillPath(CONSOLE_PATHS.adminWidgetRetire, { widgetId: id }), AdminWidgetResponseSchema, {
      method: 'POST',
      body: { version },
    })
  ).data;
}

export async function reorderWidgets(placement: WidgetPlacement, ids: string[]): Promise<AdminWidget[]> {
  return (
    await call(CONSOLE_PATHS.adminWidgetOrder, AdminWidgetsResponseSchema, {
      method: 'PUT',
      body: { placement, ids },
    })
  ).data.widgets;
}

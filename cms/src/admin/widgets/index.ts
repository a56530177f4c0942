/** The shop's widgets on the admin's home page (ADR 171), registered from app.tsx. */
import type { ComponentType } from 'react';
import { GlanceIcon } from './glance-icon';

type WidgetApp = { widgets: { register: (widget: Record<string, unknown>) => void } };

export function registerShopWidgets(app: WidgetApp): void {
  app.widgets.register({
    id: 'sala-at-a-glance',
    icon: GlanceIcon,
    title: { id: 'sala.widgets.at-a-glance.title', defaultMessage: 'ภาพรวมวันนี้' },
    link: { label: { id: 'sala.widgets.at-a-glance.link', defaultMessage: 'ดูคำสั่งซื้อทั้งหมด' }, href: '/content-manager/collection-types/api::order.order' },
    component: async (): Promise<ComponentType> => (await import('./at-a-glance')).AtAGlanceWidget,
  });
}

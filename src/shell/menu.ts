import albumsOutline from 'ionicons-svg/albums-outline.svg?raw';
import businessOutline from 'ionicons-svg/business-outline.svg?raw';
import carSportOutline from 'ionicons-svg/car-sport-outline.svg?raw';
import cubeOutline from 'ionicons-svg/cube-outline.svg?raw';
import documentTextOutline from 'ionicons-svg/document-text-outline.svg?raw';
import headsetOutline from 'ionicons-svg/headset-outline.svg?raw';
import helpCircleOutline from 'ionicons-svg/help-circle-outline.svg?raw';
import homeOutline from 'ionicons-svg/home-outline.svg?raw';
import megaphoneOutline from 'ionicons-svg/megaphone-outline.svg?raw';
import peopleOutline from 'ionicons-svg/people-outline.svg?raw';
import statsChartOutline from 'ionicons-svg/stats-chart-outline.svg?raw';
import { type AccessUser, type Gate, showInMenu } from '@core/access';
import type { PublicConfig } from '@core/schemas/auth';
import { it } from '../i18n/it';
import { paths } from '../routes';

export type MenuEntry = Gate & {
  key: string;
  label: string;
  path: string;
  icon: string;
  /** Also needs this server configuration flag (marketing: 'only if a configuration flag allows'). */
  configFlag?: 'marketingEnabled';
};

/**
 * The side menu in the spec's order. An entry shows only when flagged visible, with no redirect,
 * its role at most the user's and its feature on; entries of later areas stay hidden (visible:
 * false) until their screens exist.
 */
export const MENU: MenuEntry[] = [
  { key: 'home', label: it.menu.home, path: paths.home, icon: homeOutline },
  { key: 'offers', label: it.menu.offers, path: paths.offers, icon: carSportOutline },
  { key: 'quotations', label: it.menu.quotations, path: paths.quotations, icon: documentTextOutline },
  { key: 'dashboard', label: it.menu.dashboard, path: paths.dashboard, icon: statsChartOutline },
  { key: 'network', label: it.menu.network, path: paths.admin, icon: peopleOutline, role: 1, feature: 'network', groupLeaderOnly: true },
  { key: 'catalog', label: it.menu.catalog, path: paths.catalog, icon: albumsOutline, feature: 'catalog' },
  { key: 'providers', label: it.menu.providers, path: paths.providers, icon: businessOutline, feature: 'provider-product' },
  { key: 'products', label: it.menu.products, path: paths.products, icon: cubeOutline, feature: 'provider-product' },
  { key: 'marketing', label: it.menu.marketing, path: paths.marketing, icon: megaphoneOutline, feature: 'marketing-stuff', configFlag: 'marketingEnabled' },
  { key: 'faq', label: it.menu.faq, path: paths.faq, icon: helpCircleOutline },
  { key: 'support', label: it.menu.support, path: paths.support, icon: headsetOutline, feature: 'support' },
];

/** The entries a user sees: the spec's menu rule plus the configuration flags (unknown config: hidden). */
export const visibleMenu = (user: AccessUser, config: PublicConfig | undefined) =>
  MENU.filter((e) => showInMenu(e, user) && (!e.configFlag || config?.[e.configFlag] === true));

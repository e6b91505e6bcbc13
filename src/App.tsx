import { type ComponentType, createElement, lazy, Suspense, useSyncExternalStore } from 'react';
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router-dom';
import { usesBareLayout, paths, routeGates, type ScreenPrefetch } from './routes';
import { LoadingPage, Protected, SessionWatcher } from './shell/guards';
import { AssistantHost } from './shell/assistant-host';
import { ThemeSync } from './shell/theme';
import { sideMenu } from './shell/side-menu-state';
import { RouterLinkProvider } from './ui/ionic/routing';
import { AfterFirstScreen, AfterShell } from './ui/after-shell';
import { breakpoints } from './ui/breakpoints';
import { useMediaQuery } from './ui/use-media-query';
import LoginPage from './features/auth/login-page';

type ScreenModule<P> = { default: ComponentType<P>; prefetch?: ScreenPrefetch };
type Lazy<P extends object> = ComponentType<P> & { preload: () => Promise<unknown>; prefetch: ScreenPrefetch };
type Screen = Lazy<object>;
/**
 * Every screen but the login is its own chunk, loaded when its route is first opened, or earlier with
 * `preload` (the app's start loads the first screen's chunk while it reads the device's cache: see
 * preloadScreen). One promise for both, so the chunk is fetched and evaluated once. Once loaded, the screen
 * renders at once: React's `lazy` would still suspend on its first render and put the loading page in the
 * document for a moment, a wasted render on every start.
 */
function page<P extends object = object>(factory: () => Promise<ScreenModule<NoInfer<P>>>): Lazy<P> {
  let loaded: ScreenModule<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const load = () =>
    (loading ??= factory().then((m) => {
      loaded = m;
    }));
  const Pending = lazy(async () => (await load(), { default: loaded!.default }));
  const Screen = (props: P) => (loaded ? createElement(loaded.default, props) : createElement(Pending, props));
  const prefetch: ScreenPrefetch = (params, search) => load().then(() => loaded?.prefetch?.(params, search));
  return Object.assign(Screen, { preload: load, prefetch });
}
const DOCKED = breakpoints.lg;
// The menu is not needed by the public screens (login included): its chunk loads with the first private one.
const SideMenu = page<{ docked: boolean }>(() => import('./shell/side-menu'));
// The floating credit-check button: the public screens (login included) never show it.
const CreditCheckWidget = page(async () => ({ default: (await import('./credit-check/credit-check-widget')).CreditCheckWidget }));
const ActivatePage = page(() => import('./features/auth/activate-page'));
const ForgotPasswordPage = page(() => import('./features/auth/forgot-password-page'));
const ResetPasswordPage = page(() => import('./features/auth/reset-password-page'));
const SsoPage = page(() => import('./features/auth/sso-page'));
const TermsPage = page(() => import('./features/auth/terms-page'));
// The customer's page of a shared quotation (docs/adr/0133-customer-link.md): public, its own chunk, never part of the first screens.
const CustomerLinkPage = page(() => import('./features/customer-link/customer-link-page'));
const HomePage = page(() => import('./features/home/home-page'));
// The comparison's toggle on the cards and its bar (docs/adr/0143-compare-offers.md): composed here, since features never import each other.
const OffersPage = page(async () => {
  const [{ default: Offers }, { CompareToggle, CompareBar }] = await Promise.all([
    import('./features/offers/offers-page'),
    import('./features/compare/offers-slots'),
  ]);
  const bar = (
    <Suspense fallback={null}>
      <CompareBar />
    </Suspense>
  );
  return { default: () => <Offers cardAction={CompareToggle} compareBar={bar} /> };
});
const ComparePage = page(() => import('./features/compare/compare-page'));
// The single-offer credit check mounts through the detail page's `creditCheck` slot, and the comparison's
// 'Aggiungi al confronto' through `addToCompare`: composed here, since features never import each other.
const OfferDetailPage = page(async () => {
  const [{ default: Detail, prefetch }, { CreditCheckOfferPanel }, { AddToCompare }] = await Promise.all([
    import('./features/offer-detail/offer-detail-page'),
    import('./credit-check/offer-panel'),
    import('./features/compare/detail-slots'),
  ]);
  return {
    prefetch,
    default: () => (
      <Detail
        addToCompare={(item) => <AddToCompare item={item} />}
        creditCheck={({ child, monthlyRate, onResult }) => (
          <CreditCheckOfferPanel
            offerData={{ monthly_rate: monthlyRate, deposit: child.deposit }}
            onResult={(r) =>
              onResult(
                r
                  ? {
                      monthlyRateMax: r.monthlyRateMax,
                      thresholdMonthlyRateMax: r.thresholdMonthlyRateMax,
                      depositRequired: r.depositRequired === null ? null : r.depositRequired > 0,
                    }
                  : null,
              )
            }
          />
        )}
      />
    ),
  };
});
const QuotationsListPage = page(() => import('./features/quotations-list/quotations-list-page'));
const DashboardPage = page(() => import('./features/dashboard/dashboard-page'));
const CustomersListPage = page(() => import('./features/customers/customers-list-page'));
const CustomerPage = page(() => import('./features/customers/customer-page'));
const AgentPage = page(() => import('./features/network/agent-page'));
// Rete shows the team panel of the team feature under the network figures: composed here.
const NetworkPage = page(async () => {
  const [{ default: Network }, { default: TeamPanel }] = await Promise.all([import('./features/network/network-page'), import('./features/team/team-panel')]);
  return { default: () => <Network teamPanel={<TeamPanel />} /> };
});
const FaqPage = page(() => import('./features/help/faq-page'));
const SupportPage = page(() => import('./features/help/support-page'));
const MarketingPage = page(() => import('./features/marketing/marketing-page'));
// The quotation start offers the catalogue's manual offer form for cars that are not listed (a slot).
// Loaded when shown: with an offer it opens on request, and the customer step renders without its code.
const ManualOfferPanel = lazy(() => import('./features/catalog/components/manual-offer-form').then((m) => ({ default: m.ManualOfferPanel })));
const QuotationStartPage = page(async () => {
  const { default: Start, prefetch } = await import('./features/quotation/start-page');
  return {
    prefetch,
    default: () => (
      <Start
        manualOffer={
          <Suspense fallback={<div aria-busy="true" />}>
            <ManualOfferPanel />
          </Suspense>
        }
      />
    ),
  };
});
// The wizard's sustainability step is the same single-offer credit check, fixed to the customer's category.
const QuotationPage = page(async () => {
  const [{ default: Quotation }, { CreditCheckOfferPanel }] = await Promise.all([
    import('./features/quotation/quotation-page'),
    import('./credit-check/offer-panel'),
  ]);
  return {
    default: () => (
      <Quotation
        sustainability={({ category, saved, offerData, subject, onCheck }) => (
          <CreditCheckOfferPanel
            category={category}
            saved={saved}
            subject={subject}
            offerData={offerData}
            onResult={(r, check) => onCheck(r && check ? { ...check, response: { chance: r.chance, description: r.description } } : null)}
          />
        )}
      />
    ),
  };
});
const CatalogListPage = page(() => import('./features/catalog/catalog-list-page'));
const CatalogEditPage = page(() => import('./features/catalog/catalog-edit-page'));
const ProvidersPage = page(() => import('./features/catalog/providers-page'));
const ProviderFormPage = page(() => import('./features/catalog/provider-form-page'));
const ProductsPage = page(() => import('./features/catalog/products-page'));
const ProductFormPage = page(() => import('./features/catalog/product-form-page'));
const OfferRequestPage = page(() => import('./features/catalog/offer-request-page'));
const OfferRequestDetailPage = page(() => import('./features/catalog/offer-request-detail-page'));
// The profile shows the team panel of the team feature: composed here, since features never import each other.
const ProfilePage = page(async () => {
  const [{ default: Profile }, { default: TeamPanel }] = await Promise.all([import('./features/profile/profile-page'), import('./features/team/team-panel')]);
  return { default: () => <Profile teamPanel={<TeamPanel />} /> };
});

// Every private screen by its route.
const privateScreens: Record<string, Screen> = {
  [paths.home]: HomePage,
  [paths.offers]: OffersPage,
  [paths.compare]: ComparePage,
  [paths.offerDetail]: OfferDetailPage,
  [paths.faq]: FaqPage,
  [paths.support]: SupportPage,
  [paths.profile]: ProfilePage,
  [paths.marketing]: MarketingPage,
  [paths.quotationStart]: QuotationStartPage,
  [paths.quotation]: QuotationPage,
  [paths.catalog]: CatalogListPage,
  [paths.catalogNew]: CatalogEditPage,
  [paths.catalogEdit]: CatalogEditPage,
  [paths.providers]: ProvidersPage,
  [paths.providerNew]: ProviderFormPage,
  [paths.providerEdit]: ProviderFormPage,
  [paths.products]: ProductsPage,
  [paths.productNew]: ProductFormPage,
  [paths.productEdit]: ProductFormPage,
  [paths.offerRequest]: OfferRequestPage,
  [paths.offerRequestDetail]: OfferRequestDetailPage,
  [paths.quotations]: QuotationsListPage,
  [paths.dashboard]: DashboardPage,
  [paths.admin]: NetworkPage,
  [paths.agent]: AgentPage,
  [paths.customers]: CustomersListPage,
  [paths.customer]: CustomerPage,
};

const screenRoutes = Object.keys(privateScreens).map((path) => ({ path }));
let lastScreen: { pathname: string; match: ReturnType<typeof matchRoutes<{ path: string }>> } | undefined;
/** The private screen at `pathname`, matched once for the start's two questions (its code, its data). */
const matchScreen = (pathname: string) => {
  if (lastScreen?.pathname !== pathname) lastScreen = { pathname, match: matchRoutes(screenRoutes, pathname) };
  return lastScreen.match?.[0];
};

/**
 * Loads the chunks of the screen at `pathname` (and the menu and the credit-check button that come with a
 * private screen) without showing anything: the app's start calls it while it reads the device's cache,
 * so that its first render draws the screen itself, not a loading page first (docs/adr/0165-reopened-start-code-and-data-first.md). A chunk
 * that fails to load fails again, visibly, when the screen renders.
 */
export function preloadScreen(pathname: string): Promise<unknown> {
  const match = matchScreen(pathname);
  if (!match) return Promise.resolve();
  const chunks = [privateScreens[match.route.path]!, CreditCheckWidget, ...(matchMedia(DOCKED).matches ? [SideMenu] : [])];
  return Promise.all(chunks.map((c) => c.preload().catch(() => undefined)));
}

/**
 * The first screen's data, asked for while the app starts (its `prefetch`, once its code is in): the first
 * render draws the screen with it, not a loading page that a second render replaces (docs/adr/0165-reopened-start-code-and-data-first.md). Never fails:
 * a refusal or a failure is the query's own state, which the screen shows.
 */
export function prefetchScreen(pathname: string, search: string): Promise<unknown> {
  const match = matchScreen(pathname);
  if (!match) return Promise.resolve();
  return privateScreens[match.route.path]!.prefetch(match.params, search).catch(() => undefined);
}

const view = (Page: Screen) => (
  <Suspense fallback={<LoadingPage />}>
    <AfterShell>
      <Page />
    </AfterShell>
  </Suspense>
);

const privateView = (path: string, Page: Screen) => <Protected gate={routeGates[path]}>{view(Page)}</Protected>;

/**
 * Every route, built once: `<Routes>` with `<Route>` children turned its children into these objects at each
 * render of the shell (each navigation, and the start), and the same elements let a navigation leave the
 * screens it does not change alone (they follow the router through its hooks).
 */
const appRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.sso, element: view(SsoPage) },
  { path: paths.activate, element: view(ActivatePage) },
  { path: paths.forgotPassword, element: view(ForgotPasswordPage) },
  { path: paths.resetPassword, element: view(ResetPasswordPage) },
  { path: paths.ssoActivate, element: <Protected>{view(TermsPage)}</Protected> },
  { path: paths.customerLink, element: view(CustomerLinkPage) },
  ...Object.entries(privateScreens).map(([path, Page]) => ({ path, element: privateView(path, Page) })),
  { path: '*', element: <Navigate to={paths.home} replace /> },
];

function Shell() {
  const { pathname } = useLocation();
  const screen = useRoutes(appRoutes);
  const bare = usesBareLayout(pathname);
  // Ionic's `lg`: from there the menu is always in view beside the screen; below, it is a drawer that
  // mounts when first opened.
  const docked = useMediaQuery(DOCKED);
  const menuWanted = useSyncExternalStore(sideMenu.subscribe, sideMenu.wanted);
  return (
    <>
      <SessionWatcher />
      <ThemeSync />
      {/* A plain layout, not Ionic's split pane and menu in ion-app: they were the only Ionic elements on the
          first screens, and with them Stencil's runtime and Ionic's setup (docs/adr/0163-first-screens-draw-no-ionic-element.md). */}
      <div className="app-shell">
        {!bare && (docked || menuWanted) && (
          <Suspense fallback={null}>
            <SideMenu docked={docked} />
          </Suspense>
        )}
        {/* react-router's own routes, not IonRouterOutlet: most navigations already open their page as a root
            page (cards, menu, links), so Ionic's page stack and transitions kept little, and
            its bookkeeping was a measurable part of each screen's start on a phone (docs/adr/0151-routing.md). */}
        <div id="main" className="app-main">
          {screen}
        </div>
      </div>
      {!bare && (
        <AfterFirstScreen>
          <Suspense fallback={null}>
            <CreditCheckWidget />
          </Suspense>
          <AssistantHost />
        </AfterFirstScreen>
      )}
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <RouterLinkProvider>
        <Shell />
      </RouterLinkProvider>
    </BrowserRouter>
  );
}

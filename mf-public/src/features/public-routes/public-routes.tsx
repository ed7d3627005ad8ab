import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Loader } from 'shared-kernel/ui';
import { Route } from 'react-router';
import { SHORTCUT_PATHS } from '../category-shortcuts/model/shortcuts';

// Every page but the front page is its own chunk, so the landing page downloads only itself.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const SignupPage = named(() => import('../signup/components/signup-page'), 'SignupPage');
const ForgotPasswordPage = named(() => import('../password/components/forgot-password-page'), 'ForgotPasswordPage');
const ChangePasswordPage = named(() => import('../password/components/change-password-page'), 'ChangePasswordPage');
const ContactPage = named(() => import('../contact/components/contact-page'), 'ContactPage');
const CustomerProductsPage = named(() => import('../customer-products/components/customer-products-page'), 'CustomerProductsPage');
const TermsPage = named(() => import('../static-pages/components/terms-page'), 'TermsPage');
const PrivacyPage = named(() => import('../static-pages/components/terms-page'), 'PrivacyPage');
const FaqPage = named(() => import('../static-pages/components/faq-page'), 'FaqPage');
const ProductsPage = named(() => import('../static-pages/components/products-page'), 'ProductsPage');
const DeletedPage = named(() => import('../static-pages/components/placeholder-page'), 'DeletedPage');
const CategoryShortcut = named(() => import('../category-shortcuts/components/category-shortcut'), 'CategoryShortcut');
const PlaceholderPage = lazy(() => import('../static-pages/components/placeholder-page').then((m) => ({ default: m.PlaceholderPage })));

function Page({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loader minH="50vh" />}>
      {children}
    </Suspense>
  );
}

const PLACEHOLDERS = [
  ['/public/about-us', 'aboutUs'],
  ['/public/blog', 'blog'],
  ['/public/directory', 'directory'],
  ['/public/insurance', 'insurance'],
  ['/public/owner-info', 'ownerInfo'],
  ['/public/rent-info', 'rentInfo'],
] as const;

/** The public-site pages of issue 4 (everything but home, login, search and product). */
export function publicSiteRoutes() {
  return (
    <>
      <Route path="/public/signup" element={<Page><SignupPage /></Page>} />
      <Route path="/public/forgot-password" element={<Page><ForgotPasswordPage /></Page>} />
      <Route path="/public/change-password" element={<Page><ChangePasswordPage /></Page>} />
      <Route path="/public/contact-us" element={<Page><ContactPage /></Page>} />
      <Route path="/public/customer-products/:id" element={<Page><CustomerProductsPage /></Page>} />
      <Route path="/public/deleted" element={<Page><DeletedPage /></Page>} />
      <Route path="/public/kkk" element={<Page><FaqPage /></Page>} />
      <Route path="/public/tooted" element={<Page><ProductsPage /></Page>} />
      <Route path="/public/usage" element={<Page><TermsPage /></Page>} />
      <Route path="/public/privacy" element={<Page><PrivacyPage /></Page>} />
      {PLACEHOLDERS.map(([path, page]) => (
        <Route key={path} path={path} element={<Page><PlaceholderPage page={page} /></Page>} />
      ))}
      {SHORTCUT_PATHS.map((path) => (
        <Route key={path} path={path} element={<Page><CategoryShortcut /></Page>} />
      ))}
    </>
  );
}

/** For remote.json: the same paths as the shell's route patterns. */
export const PUBLIC_SITE_PATHS = [
  '/public/signup',
  '/public/forgot-password',
  '/public/change-password',
  '/public/contact-us',
  '/public/customer-products/:id',
  '/public/deleted',
  '/public/kkk',
  '/public/tooted',
  '/public/usage',
  '/public/privacy',
  ...PLACEHOLDERS.map(([p]) => p),
  ...SHORTCUT_PATHS,
];

import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Loader } from 'shared-kernel/ui';
import { Route } from 'shared-kernel/router';
import { PageTitle } from 'shared-kernel/platform';
import { SHORTCUT_PATHS } from './features/category-shortcuts/model/shortcuts';
import { publicSiteTexts } from './messages/public-site';
import { slice } from './slice.config';

// Every page but the front page is its own chunk, so the landing page downloads only itself.
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((m) => ({ default: m[name] })));

const SignupPage = named(() => import('./features/signup/components/signup-page'), 'SignupPage');
const ForgotPasswordPage = named(() => import('./features/password/components/forgot-password-page'), 'ForgotPasswordPage');
const ChangePasswordPage = named(() => import('./features/password/components/change-password-page'), 'ChangePasswordPage');
const ContactPage = named(() => import('./features/contact/components/contact-page'), 'ContactPage');
const CustomerProductsPage = named(() => import('./features/customer-products/components/customer-products-page'), 'CustomerProductsPage');
const TermsPage = named(() => import('./features/static-pages/components/terms-page'), 'TermsPage');
const PrivacyPage = named(() => import('./features/static-pages/components/terms-page'), 'PrivacyPage');
const FaqPage = named(() => import('./features/static-pages/components/faq-page'), 'FaqPage');
const ProductsPage = named(() => import('./features/static-pages/components/products-page'), 'ProductsPage');
const DeletedPage = named(() => import('./features/static-pages/components/placeholder-page'), 'DeletedPage');
const CategoryShortcut = named(() => import('./features/category-shortcuts/components/category-shortcut'), 'CategoryShortcut');
const PlaceholderPage = lazy(() =>
  import('./features/static-pages/components/placeholder-page').then((m) => ({ default: m.PlaceholderPage })),
);

/** A lazily loaded page under its own browser-tab title. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageTitle title={title}>
      <Suspense fallback={<Loader minH="50vh" />}>{children}</Suspense>
    </PageTitle>
  );
}

const title = publicSiteTexts.pageTitles;

const PLACEHOLDERS = [
  [slice.routes.aboutUs, 'aboutUs'],
  [slice.routes.blog, 'blog'],
  [slice.routes.directory, 'directory'],
  [slice.routes.insurance, 'insurance'],
  [slice.routes.ownerInfo, 'ownerInfo'],
  [slice.routes.rentInfo, 'rentInfo'],
] as const;

/** The public-site pages of issue 4 (everything but home, login, search and product). */
export function publicSiteRoutes() {
  return (
    <>
      <Route
        path={slice.routes.signup}
        element={
          <Page title={title.signup}>
            <SignupPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.forgotPassword}
        element={
          <Page title={title.forgotPassword}>
            <ForgotPasswordPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.changePassword}
        element={
          <Page title={title.changePassword}>
            <ChangePasswordPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.contact}
        element={
          <Page title={title.contact}>
            <ContactPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.customerProducts}
        element={
          <Page title={title.customerProducts}>
            <CustomerProductsPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.deleted}
        element={
          <Page title={title.deleted}>
            <DeletedPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.faq}
        element={
          <Page title={title.faq}>
            <FaqPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.products}
        element={
          <Page title={title.products}>
            <ProductsPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.usage}
        element={
          <Page title={title.usage}>
            <TermsPage />
          </Page>
        }
      />
      <Route
        path={slice.routes.privacy}
        element={
          <Page title={title.privacy}>
            <PrivacyPage />
          </Page>
        }
      />
      {PLACEHOLDERS.map(([path, page]) => (
        <Route
          key={path}
          path={path}
          element={
            <Page title={publicSiteTexts.placeholderTitles[page]}>
              <PlaceholderPage page={page} />
            </Page>
          }
        />
      ))}
      {SHORTCUT_PATHS.map((path) => (
        <Route
          key={path}
          path={path}
          element={
            <Page title={title.search}>
              <CategoryShortcut />
            </Page>
          }
        />
      ))}
    </>
  );
}

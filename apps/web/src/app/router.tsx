import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { AppLayout } from './layouts/app-layout';
import { GuestLayout } from './layouts/guest-layout';
import { GuestOnly, RequireAuth } from './route-guards';

// Screens load on first visit: the PDF viewer (pdf.js), react-select and the table editors stay
// out of the bundle that sign-in and the dashboard need.
const lazyPage = (load: () => Promise<{ Component: ComponentType }>) => load;

const templatesPage = lazyPage(async () => ({
  Component: (await import('../features/templates/components/templates-page')).TemplatesPage,
}));
const templateDetailPage = lazyPage(async () => ({
  Component: (await import('../features/templates/components/template-detail-page'))
    .TemplateDetailPage,
}));
const fieldEditorPage = lazyPage(async () => ({
  Component: (await import('../features/templates/components/field-editor-page')).FieldEditorPage,
}));
const tablesPage = lazyPage(async () => ({
  Component: (await import('../features/tables/components/tables-page')).TablesPage,
}));
const tableDetailPage = lazyPage(async () => ({
  Component: (await import('../features/tables/components/table-detail-page')).TableDetailPage,
}));
const mappingPage = lazyPage(async () => ({
  Component: (await import('../features/mapping/components/mapping-page')).MappingPage,
}));
const formsPage = lazyPage(async () => ({
  Component: (await import('../features/forms/components/forms-page')).FormsPage,
}));
const formDetailPage = lazyPage(async () => ({
  Component: (await import('../features/forms/components/form-detail-page')).FormDetailPage,
}));
const jobsPage = lazyPage(async () => ({
  Component: (await import('../features/jobs/components/jobs-page')).JobsPage,
}));
const dataLinksPage = lazyPage(async () => ({
  Component: (await import('../features/data-links/components/data-links-page')).DataLinksPage,
}));
const activityPage = lazyPage(async () => ({
  Component: (await import('../features/activity/components/activity-page')).ActivityPage,
}));
const trashPage = lazyPage(async () => ({
  Component: (await import('../features/trash/components/trash-page')).TrashPage,
}));
const invitationsPage = lazyPage(async () => ({
  Component: (await import('../features/invitations/components/invitations-page')).InvitationsPage,
}));
const accountPage = lazyPage(async () => ({
  Component: (await import('../features/account/components/account-page')).AccountPage,
}));
const adminUsersPage = lazyPage(async () => ({
  Component: (await import('../features/admin/components/admin-users-page')).AdminUsersPage,
}));
const membersPage = lazyPage(async () => ({
  Component: (await import('../features/workspaces/components/members-page')).MembersPage,
}));
const apiTokensPage = lazyPage(async () => ({
  Component: (await import('../features/api-tokens/components/api-tokens-page')).ApiTokensPage,
}));
const webhooksPage = lazyPage(async () => ({
  Component: (await import('../features/webhooks/components/webhooks-page')).WebhooksPage,
}));
const publicFormPage = lazyPage(async () => ({
  Component: (await import('../features/public-forms/components/public-form-page')).PublicFormPage,
}));
const publicDataFormPage = lazyPage(async () => ({
  Component: (await import('../features/public-forms/components/public-data-form-page'))
    .PublicDataFormPage,
}));
// The same pages inside another site's iframe (issue 33): the server lets only the link's
// allowed sites frame these paths.
const embeddedFormPage = lazyPage(async () => {
  const { PublicFormPage } = await import('../features/public-forms/components/public-form-page');
  return { Component: () => <PublicFormPage isEmbedded /> };
});
const embeddedDataFormPage = lazyPage(async () => {
  const { PublicDataFormPage } =
    await import('../features/public-forms/components/public-data-form-page');
  return { Component: () => <PublicDataFormPage isEmbedded /> };
});

function SessionRoot() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

/** Route table of spec §2; feature issues add their screens under RequireAuth. */
export const router = createBrowserRouter([
  {
    element: <SessionRoot />,
    children: [
      {
        element: <GuestOnly />,
        children: [
          {
            element: <GuestLayout />,
            children: [
              { path: '/login', element: <LoginPage /> },
              { path: '/register', element: <RegisterPage /> },
              { path: '/forgot-password', element: <ForgotPasswordPage /> },
            ],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { index: true, element: <DashboardPage /> },
              { path: '/templates', lazy: templatesPage },
              { path: '/templates/:id', lazy: templateDetailPage },
              { path: '/templates/:id/fields', lazy: fieldEditorPage },
              { path: '/tables', lazy: tablesPage },
              { path: '/tables/:id', lazy: tableDetailPage },
              { path: '/mapping/:templateId', lazy: mappingPage },
              { path: '/forms', lazy: formsPage },
              { path: '/jobs', lazy: jobsPage },
              { path: '/forms/:id', lazy: formDetailPage },
              { path: '/data-links', lazy: dataLinksPage },
              { path: '/activity', lazy: activityPage },
              { path: '/trash', lazy: trashPage },
              { path: '/invitations', lazy: invitationsPage },
              { path: '/account', lazy: accountPage },
              { path: '/admin/users', lazy: adminUsersPage },
              { path: '/workspace/members', lazy: membersPage },
              { path: '/workspace/tokens', lazy: apiTokensPage },
              { path: '/workspace/webhooks', lazy: webhooksPage },
            ],
          },
        ],
      },
      // A reset link works whoever is signed in in this browser: it is about the link's account.
      {
        element: <GuestLayout />,
        children: [{ path: '/reset-password', element: <ResetPasswordPage /> }],
      },
      // Outsiders open these from a link: no sign-in, and a signed-in owner can check them too.
      { path: '/public-form/:token', lazy: publicFormPage },
      { path: '/public-data-form/:token', lazy: publicDataFormPage },
      { path: '/embed/form/:token', lazy: embeddedFormPage },
      { path: '/embed/data-form/:token', lazy: embeddedDataFormPage },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { AuthProvider } from '../features/auth/auth-provider';
import { LoginPage } from '../features/auth/components/login-page';
import { RegisterPage } from '../features/auth/components/register-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { DataLinksPage } from '../features/data-links/components/data-links-page';
import { FormDetailPage } from '../features/forms/components/form-detail-page';
import { FormsPage } from '../features/forms/components/forms-page';
import { MappingPage } from '../features/mapping/components/mapping-page';
import { PublicDataFormPage } from '../features/public-forms/components/public-data-form-page';
import { PublicFormPage } from '../features/public-forms/components/public-form-page';
import { TableDetailPage } from '../features/tables/components/table-detail-page';
import { TablesPage } from '../features/tables/components/tables-page';
import { TemplateDetailPage } from '../features/templates/components/template-detail-page';
import { TemplatesPage } from '../features/templates/components/templates-page';
import { AppLayout } from './layouts/app-layout';
import { GuestLayout } from './layouts/guest-layout';
import { GuestOnly, RequireAuth } from './route-guards';

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
              { path: '/templates', element: <TemplatesPage /> },
              { path: '/templates/:id', element: <TemplateDetailPage /> },
              { path: '/tables', element: <TablesPage /> },
              { path: '/tables/:id', element: <TableDetailPage /> },
              { path: '/mapping/:templateId', element: <MappingPage /> },
              { path: '/forms', element: <FormsPage /> },
              { path: '/forms/:id', element: <FormDetailPage /> },
              { path: '/data-links', element: <DataLinksPage /> },
            ],
          },
        ],
      },
      // Outsiders open these from a link: no sign-in, and a signed-in owner can check them too.
      { path: '/public-form/:token', element: <PublicFormPage /> },
      { path: '/public-data-form/:token', element: <PublicDataFormPage /> },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);

import { Outlet } from 'react-router';

/** Centred frame for sign-in and register: product name, tagline, copyright. */
export function GuestLayout() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center bg-gradient-to-br from-indigo-50 to-slate-100 px-4 py-12">
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-indigo-700">Formbridge</h1>
        <p className="mt-2 text-sm text-slate-600">
          Intelligent PDF Form Field Mapping and Data Integration
        </p>
      </div>
      <main className="w-full max-w-md rounded-xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
        <Outlet />
      </main>
      <footer className="mt-8 text-xs text-slate-500">
        © {new Date().getFullYear()} Formbridge. All rights reserved.
      </footer>
    </div>
  );
}

import { Route, Routes } from 'react-router-dom';
import { PlaceholderPage } from '../../components/placeholder-page';

// The admin area (mounted at /admin/* by app/router.tsx). This module and everything it
// imports load lazily: shoppers never download admin code.
export default function AdminApp() {
  return (
    <Routes>
      <Route index element={<PlaceholderPage title="All Orders" />} />
      <Route path="products" element={<PlaceholderPage title="Manage Products" />} />
    </Routes>
  );
}

import '@mantine/dropzone/styles.layer.css';
import { useState } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { AdminGuard } from './components/admin-guard';
import { AdminLayout } from './components/admin-layout';
import { ComplaintsPage } from './components/complaints-page';
import { MessagesPage } from './components/messages-page';
import { DashboardPage } from './components/dashboard-page';
import { DeliveryPage } from './components/delivery-page';
import { OffersPage } from './components/offers-page';
import { OrdersPage } from './components/orders-page';
import { ProductsPage } from './components/products-page';
import { ReviewsPage } from './components/reviews-page';
import { ReturnsPage } from './components/returns-page';
import { WarrantyClaimsAdminPage } from './components/warranty-claims-admin-page';
import { SellerSettingsPage } from './components/seller-settings-page';
import { TaxPage } from './components/tax-page';
import { UsersPage } from './components/users-page';

// The admin area (mounted at /admin/* by app/routes/admin.tsx). This module and everything it
// imports load lazily: shoppers never download admin code.
export default function AdminApp() {
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const logout = async () => {
    setLeaving(true);
    await session.logout();
    navigate('/', { replace: true });
    notify.success('Logged out successfully!');
  };

  return (
    <AdminGuard leaving={leaving}>
      <AdminLayout onLogout={() => void logout()}>
        <Routes>
          <Route index element={<OrdersPage />} />
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="delivery" element={<DeliveryPage />} />
          <Route path="complaints" element={<ComplaintsPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="returns" element={<ReturnsPage />} />
          <Route path="warranty" element={<WarrantyClaimsAdminPage />} />
          <Route path="offers" element={<OffersPage />} />
          <Route path="tax" element={<TaxPage />} />
          <Route path="settings" element={<SellerSettingsPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </AdminLayout>
    </AdminGuard>
  );
}

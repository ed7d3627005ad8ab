import { Route, Routes } from 'shared-kernel/router';
import { MessagesPage } from './features/chat/components/messages-page';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path="/auth/messages" element={<MessagesPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

import { Route, Routes } from 'shared-kernel/router';
import { MessagesPage } from './features/chat/components/messages-page';
import { slice } from './slice.config';

export function SliceRoutes() {
  return (
    <Routes>
      <Route path={slice.routes.messages} element={<MessagesPage />} />
      <Route path="*" element={null} />
    </Routes>
  );
}

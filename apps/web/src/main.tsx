import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { persistStore } from 'redux-persist';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { makeStore } from '@/app/store';
import { initI18n } from '@/i18n/i18n';
import '@/styles/global.css';
import '@/styles/components.css';
import '@/styles/layout.css';
import '@/styles/catalog.css';

const store = makeStore();
const persistor = persistStore(store);
const router = createAppRouter();

void initI18n().then((i18n) => {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  createRoot(container).render(
    <StrictMode>
      <AppProvider store={store} persistor={persistor} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});

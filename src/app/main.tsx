import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import './shell/shell.css';
// The public pages' buttons and links (it lost its importer when the React browser warning went).
import './shell/controls.css';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}

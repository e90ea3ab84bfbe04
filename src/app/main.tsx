import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './AppRoot';
import './shell/shell.css';
// The public pages' buttons and links (it lost its importer when the React browser warning went).
import './shell/controls.css';

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // Rendered as a transition, so in slices that leave the main thread free between them (issue 16).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRoot />
      </StrictMode>,
    ),
  );
}

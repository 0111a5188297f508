// First: the schemas @riffroom/protocol builds must not probe for eval under the page's CSP.
import '@riffroom/protocol/jitless';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot';
import { loadServices } from './app/bootstrap';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/messages.css';
import './styles/rooms.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// Started now rather than from Boot's first effect, which runs only after React's first paint; Boot
// then gets the same memoised promise (and reports a failure).
loadServices().catch(() => {});
createRoot(container).render(<Boot load={loadServices} />);

import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot';
import { loadServices } from './app/bootstrap';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/messages.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<Boot load={loadServices} />);

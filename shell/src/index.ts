// The stylesheet is part of the entry so the HTML links it up front and the layout paints before JS.
import './app/shell.css';

// Async boundary: shared singletons (React, the store...) are negotiated by Module Federation
// before any app code that imports them runs.
import('./bootstrap.tsx');

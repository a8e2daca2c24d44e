import { webProject } from '../tools/jest/preset.js';

export default webProject(import.meta.dirname, 'mf-ops');

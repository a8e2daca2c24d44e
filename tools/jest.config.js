import { nodeProject } from '../tools/jest/preset.js';

export default nodeProject(import.meta.dirname, 'tools');

// Starts the PostgreSQL of this package's test run (DATABASE_URL, or a scratch cluster) once, and
// stops it after: the package's own global setup, from the source.
import { postgresGlobalSetup } from '../src/testing/index.js';

export default postgresGlobalSetup({ name: '@aigo/pg' });

import type { TestSuiteId, TestSuiteInfo } from '../../../../common/admin-testing.schemas.js';
import { coreSuite } from './core-suite.js';
import { databaseSuite } from './database-suite.js';
import type { TestSuite } from './test-suite.js';
import { workflowsSuite } from './workflows-suite.js';

/** The suites of docs/product/admin.md#testing by id, in the order Run All takes them. */
export const TEST_SUITES: Record<TestSuiteId, TestSuite> = {
  core: coreSuite,
  database: databaseSuite,
  workflows: workflowsSuite,
};

export const describeSuite = ({ id, name, description, icon, tests }: TestSuite): TestSuiteInfo => ({
  id,
  name,
  description,
  icon,
  tests: [...tests],
});

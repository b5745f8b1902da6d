export { calculateModelCost } from './calculate-model-cost.js';
export { resolveModelCost } from './resolve-model-cost.js';
export {
  isModelCost,
  validateComputeCost,
  validateModelCost,
  validateModelCosts,
  validateToolMetrics,
} from './validate-cost.js';

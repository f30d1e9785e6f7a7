export { MetricsBand } from './components/MetricsBand.tsx';

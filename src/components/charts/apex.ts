import ReactApexChart from 'react-apexcharts';

/**
 * react-apexcharts ships CommonJS only: depending on the bundler's interop, its default import is
 * the component or the module object around it. This is the component either way.
 */
export const ApexChart = ((ReactApexChart as unknown as { default?: typeof ReactApexChart }).default ?? ReactApexChart) as typeof ReactApexChart;

import { createActorContext } from '@xstate/react';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { indicatorsMachine } from '../../machines/dashboard/indicators.machine';
import { inspected } from '../../services/inspection';

/** The dashboard view's actor (tabs, site, referent statistics, call actions, account statistics). */
export const DashboardActor = createActorContext(dashboardMachine, inspected);

/** The indicators of one tab or page. */
export const IndicatorsActor = createActorContext(indicatorsMachine, inspected);

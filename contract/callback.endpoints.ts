import { callActions, callActionsQuery } from './callback.schemas';
import { endpoint } from './endpoint';
import { interviewForm, interviewIdParams, interviewSubmitBody, interviewSubmitResult } from './interview.schemas';

const tags = ['history'];
const formPath = '/services/backoffice/alert/citizenAlertForm/:id';
const formErrors = [400, 401, 403, 404, 409, 422] as const;

/**
 * Call-backs after an intervention, capability alert.callback: getCallActions (spec §7) and the
 * post-intervention form (spec §7 leaves it open; docs/api-history.md), `id` the responder's request.
 */
export const callbackEndpoints = {
  getCallActions: endpoint({
    method: 'GET',
    path: '/services/backoffice/alert/getCallActions',
    summary: 'Responders to call back, to recall and unanswered, with the 10-day and today flags',
    tags,
    access: 'alert.callback',
    query: callActionsQuery,
    response: callActions,
    errors: [400, 401, 403],
    writes: false,
    matrix: { own: 200, other: 403, note: 'other: selectedSite of another account' },
  }),
  getInterviewForm: endpoint({
    method: 'GET',
    path: formPath,
    summary: 'The post-intervention form of one responder on one alert',
    tags,
    access: 'alert.callback',
    params: interviewIdParams,
    response: interviewForm,
    errors: formErrors,
    writes: false,
    matrix: { own: 200, other: 404, note: 'the call-back form of a responder request' },
  }),
  submitInterview: endpoint({
    method: 'POST',
    path: formPath,
    summary: 'Record a call: its outcome, a recall date, the interview and technical issues (once per draft id)',
    tags,
    access: 'alert.callback',
    params: interviewIdParams,
    body: interviewSubmitBody,
    response: interviewSubmitResult,
    errors: formErrors,
    writes: true,
    audit: { action: 'callback.record', target: 'params.id', details: ['outcome'] },
    matrix: { own: 200, other: 404 },
  }),
};

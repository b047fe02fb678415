-- Requests of alerts closed before alert_requests.alert_open existed are no longer open.
UPDATE alert_requests q SET alert_open = false FROM alerts a WHERE a.id = q.alert_id AND a.close = 1;

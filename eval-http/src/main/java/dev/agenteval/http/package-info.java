/**
 * JSON over HTTP for agent clients and judges: {@link dev.agenteval.http.HttpJson} with
 * timeouts, retries honouring {@code Retry-After}, a response size cap, credential refresh and
 * typed failures; {@link dev.agenteval.http.Authentication} (bearer token, OAuth2 client
 * credentials); {@link dev.agenteval.http.RetryPolicy}. An agent protocol over HTTP extends
 * {@link dev.agenteval.http.HttpAgentProvider}, as the built-in ones do: it reads the shared
 * connection settings ({@link dev.agenteval.http.HttpClientSettings}: URL, auth, headers, timeouts,
 * retries) and keeps the credentials out of reports. Values are non-null unless documented otherwise.
 */
package dev.agenteval.http;

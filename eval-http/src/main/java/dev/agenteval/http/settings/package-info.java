/**
 * The typed reader of a provider's string settings, {@link dev.agenteval.http.settings.ProviderSettings}:
 * the built-in agent clients and judges read theirs with it, and so does a plugin extending
 * {@link dev.agenteval.http.HttpAgentProvider}. Problems are collected and raised together, each
 * naming the provider and the setting, never a secret. Values are non-null unless documented otherwise.
 */
package dev.agenteval.http.settings;

/**
 * Implementation of the YAML loader: a safe reader producing a positioned tree, a node wrapper
 * that reports problems with file, line, column, field path and case id, and one mapper per
 * dialect; and the text edit that appends a recorded case to a suite file. Not exported; may
 * change at any time.
 */
package dev.agenteval.yaml.internal;

@echo off
rem The agent-eval command of the distribution: runs dev.agenteval.cli.AgentEvalCli on the jars in ..\lib.
rem   JAVA_HOME               the Java 17+ to run (default: java on the PATH)
rem   AGENT_EVAL_JAVA_OPTS    extra JVM options (e.g. -Xmx1g); they come after the launcher's defaults, so they
rem                           override them (e.g. -XX:TieredStopAtLevel=4, -XX:+UseG1GC)
rem   AGENT_EVAL_JVM_DEFAULTS off: the bare JVM, without the launcher's options
rem The launcher sets -XX:TieredStopAtLevel=1 (the C1 compiler only: a run of the command is short) and
rem -XX:+UseSerialGC (left out when AGENT_EVAL_JAVA_OPTS names a collector, -XX:+Use...GC: the JVM refuses
rem two), as bin/agent-eval does. Unlike bin/agent-eval, it makes no class-data-sharing archive.
setlocal
set "AGENT_EVAL_HOME=%~dp0.."
set "JAVA_EXE=java"
if defined JAVA_HOME set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
set "AGENT_EVAL_DEFAULTS=-XX:TieredStopAtLevel=1"
set "AGENT_EVAL_GC=-XX:+UseSerialGC"
if defined AGENT_EVAL_JAVA_OPTS for %%o in (%AGENT_EVAL_JAVA_OPTS%) do call :collector "%%~o"
if /i "%AGENT_EVAL_JVM_DEFAULTS%"=="off" (
  set "AGENT_EVAL_DEFAULTS="
  set "AGENT_EVAL_GC="
)
"%JAVA_EXE%" %AGENT_EVAL_DEFAULTS% %AGENT_EVAL_GC% %AGENT_EVAL_JAVA_OPTS% -cp "%AGENT_EVAL_HOME%\lib\*" dev.agenteval.cli.AgentEvalCli %*
exit /b %ERRORLEVEL%

rem An option -XX:+Use...GC (its first 8 and last 2 characters) names a collector: no -XX:+UseSerialGC then.
:collector
set "AGENT_EVAL_OPTION=%~1"
if "%AGENT_EVAL_OPTION:~0,8%%AGENT_EVAL_OPTION:~-2%"=="-XX:+UseGC" set "AGENT_EVAL_GC="
exit /b 0

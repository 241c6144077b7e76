/*
 * Simulated power loss for the durability tests, loaded with LD_PRELOAD into the bot.
 * A file's content survives a power cut only as of its last fsync/fdatasync: at each
 * sync of a file whose path starts with CRASHBOT_FSYNC_WATCH, this copies the file to
 * "<path>.durable" (written aside, then renamed, so a copy is whole). After the bot is
 * killed, the .durable copies are what a machine that lost power would boot with.
 * CRASHBOT_FSYNC_DROP=1 makes every sync a no-op that copies nothing: what SQLite's
 * synchronous=OFF does.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void snapshot(int fd) {
  const char *watch = getenv("CRASHBOT_FSYNC_WATCH");
  if (!watch || !*watch) return;
  char link[64], path[PATH_MAX], tmp[PATH_MAX + 16], durable[PATH_MAX + 16];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t n = readlink(link, path, sizeof path - 1);
  if (n < 0) return;
  path[n] = 0;
  if (strncmp(path, watch, strlen(watch)) != 0) return;
  snprintf(tmp, sizeof tmp, "%s.durable-tmp", path);
  snprintf(durable, sizeof durable, "%s.durable", path);
  int out = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (out < 0) return;
  char buf[65536];
  off_t at = 0;
  ssize_t got;
  while ((got = pread(fd, buf, sizeof buf, at)) > 0) {
    if (write(out, buf, (size_t)got) != got) break;
    at += got;
  }
  close(out);
  rename(tmp, durable);
}

static int dropped(void) {
  const char *drop = getenv("CRASHBOT_FSYNC_DROP");
  return drop && strcmp(drop, "1") == 0;
}

int fsync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  if (dropped()) return 0;
  snapshot(fd);
  return real(fd);
}

int fdatasync(int fd) {
  static int (*real)(int);
  if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
  if (dropped()) return 0;
  snapshot(fd);
  return real(fd);
}

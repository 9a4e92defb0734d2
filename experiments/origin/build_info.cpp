#include "origin/build_info.hpp"

#ifndef COLORWALK_VERSION
#define COLORWALK_VERSION "unknown"
#endif
#ifndef COLORWALK_SOURCE_DIR
#define COLORWALK_SOURCE_DIR ""
#endif
#ifndef COLORWALK_EXPERIMENTS_DIR
#define COLORWALK_EXPERIMENTS_DIR "experiments"
#endif
#ifndef COLORWALK_DATASETS_DIR
#define COLORWALK_DATASETS_DIR "datasets"
#endif
#ifndef COLORWALK_GIT_COMMIT
#define COLORWALK_GIT_COMMIT "unknown"
#endif

namespace colorwalk::build {

const char* version() {
  return COLORWALK_VERSION;
}
const char* git_commit() {
  return COLORWALK_GIT_COMMIT;
}
const char* source_dir() {
  return COLORWALK_SOURCE_DIR;
}
const char* experiments_dir() {
  return COLORWALK_EXPERIMENTS_DIR;
}
const char* datasets_dir() {
  return COLORWALK_DATASETS_DIR;
}

}  // namespace colorwalk::build

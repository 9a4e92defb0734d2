// What the build knows of itself and of its source tree: the version, the
// commit seen at configure time, and the folders the tool looks in by
// default. experiments/CMakeLists.txt sets them on origin/build_info.cpp alone, so
// a new commit recompiles one file.
#pragma once

namespace colorwalk::build {

const char* version();
// The commit at configure time ("unknown" without git); source_commit()
// (origin/environment.hpp) asks git at run time first.
const char* git_commit();
// The source tree ("" when not known).
const char* source_dir();
// Where `colorwalk experiment` finds NAME.exp files unless told otherwise.
const char* experiments_dir();
// Where `$DATASETS` in an experiment's paths points unless told otherwise.
const char* datasets_dir();

}  // namespace colorwalk::build

// Assimp 5.2's own checks (ai_assert) are compiled into Debian's library and end the process
// with abort() when a hostile file breaks one (a PLY face with no corners fails
// TriangulateProcess.cpp's `numOut != pMesh->mNumFaces`; an FBX cluster naming no vertex fails
// FBXConverter.cpp's `out_idx != nullptr`). The library calls its handler,
// Assimp::aiAssertViolation, through its procedure linkage table, so this definition in the
// program takes its place (5.2 has no setAiAssertHandler): it throws, and Assimp's importer,
// which catches std::exception around every import and post-processing step, fails the import
// with the check's text, which Sprout reports naming the file.
#include <stdexcept>
#include <string>

#include "AssimpChecks.h"

namespace Assimp {
__attribute__((visibility("default"), used)) void aiAssertViolation(const char *failedExpression, const char *file, int line) {
    (void)file;
    (void)line;
    throw std::runtime_error(std::string("a check inside Assimp failed (") + (failedExpression ? failedExpression : "?") + ")");
}
}  // namespace Assimp

extern "C" int sproutAssimpChecksThrow(void) { return 1; }

#!/usr/bin/env bash
# Runs the camera's tests against real kernel drivers (tests/camera/live/) inside the project's small
# VM (scripts/vm-lib.sh), for machines whose own kernel cannot load them:
#   - vivid (Debian's kernel has it as a module), with one HDMI output looped to one HDMI input: the
#     tests show it the frames of a filmed game and `tessera play` reads the game from its capture
#     node, through an unplug (the driver unbound while tessera holds the node open) and back;
#   - vimc, the virtual camera libcamera's own vimc pipeline drives; Debian builds its kernel without
#     it (CONFIG_VIDEO_VIMC is not set), so vimc.ko is built here, once, as an out-of-tree module
#     from the kernel's own linux-source, as the gpio-sim tests build gpio-sim.ko.
# udevd runs in the VM, as on a Pi: libcamera finds its cameras through udev.
#
#   usage: scripts/test-camera-vm.sh [path/to/tessera_camera_live_tests]
#   binary: the argument, else build/tests/camera/tessera_camera_live_tests (the tessera binary it
#   starts is the one it was built with; tessera_live_film, beside it, draws the game film first)
#   $TESSERA_LIVE_SLOWDOWN: how many times slower than filmed the game is shown (default 5: the VM's
#   emulated CPU reads a frame in a good part of a second)
#   $TESSERA_CAMERA_VM_FILTER: only the tests this GoogleTest filter names (then none may be skipped)
#   $TESSERA_VM_TIMEOUT: seconds the VM may run (default 900: TCG is slow at drawing and reading
#   720p frames)
#
# Fails unless every test ran and passed: a skipped test (a driver missing) fails it too.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-vm.sh >/dev/null

vm_name=test-camera-vm
binary="${1:-build/tests/camera/tessera_camera_live_tests}"
[ -x "$binary" ] || { echo "$vm_name: no test binary at $binary (build it: cmake --build build --target tessera_camera_live_tests tessera)" >&2; exit 1; }
binary="$(realpath "$binary")"
vm_work="$(dirname "$binary")/camera-vm"
vm_default_timeout=900
vm_cpus=2
export TESSERA_VM_MEMORY="${TESSERA_VM_MEMORY:-2048}"
started=$SECONDS
mkdir -p "$vm_work"
source scripts/vm-lib.sh
vm_pick_kernel

[ "$(vm_config_value VIDEO_VIVID)" = m ] || vm_die "the kernel $vm_kernel has no vivid module"
vimc="$(vm_built_module vimc)"
if [ -z "$vimc" ]; then
  vm_module_from_source vimc 'drivers/media/test-drivers/vimc/*'
  mv "$vm_module_src"/drivers/media/test-drivers/vimc/* "$vm_module_src"/
  objects="$(cd "$vm_module_src" && ls vimc-*.c | sed 's/\.c$/.o/' | tr '\n' ' ')"
  printf 'obj-m := vimc.o\nvimc-y := %s\n' "$objects" >"$vm_module_src/Kbuild"
  vimc="$(vm_make_module vimc)"
fi
vm_add_module vivid "n_devs=1 node_types=0x101 num_inputs=1 input_types=0x3 num_outputs=1 output_types=0x1 ccs_cap_mode=0 ccs_out_mode=0"
vm_add_module "$vimc"

# The filmed game vivid is shown, drawn here: the VM's emulated CPU takes over half a second a frame.
mkdir -p "$vm_work/share"
film="$(realpath "$vm_work/share")/game-film.raw"
"$(dirname "$binary")/tessera_live_film" "$film"

script="$vm_work/run-tests.sh"
cat >"$script" <<EOF
export TESSERA_LIVE_FILM='$film' TESSERA_LIVE_SLOWDOWN='${TESSERA_LIVE_SLOWDOWN:-5}'
/lib/systemd/systemd-udevd --daemon >/dev/null 2>&1 || echo "udevd did not start"
udevadm trigger --action=add --subsystem-match=video4linux --subsystem-match=media && udevadm settle --timeout=30
'$binary' --gtest_color=no ${TESSERA_CAMERA_VM_FILTER:+--gtest_filter='$TESSERA_CAMERA_VM_FILTER'}
EOF
vm_run "$script"

sed -n '/TESSERA-VM-START/,/TESSERA-VM-EXIT=/p' "$vm_console" | sed '1d;$d'
ran="$(grep -c '^\[ RUN      \]' "$vm_console" || true)"
passed="$(grep -c '^\[       OK \]' "$vm_console" || true)"
failed="$(grep -c '^\[  FAILED  \] [^ ]* (' "$vm_console" || true)"
skipped="$(grep -c '^\[  SKIPPED \] [^ ]* (' "$vm_console" || true)"
vm_say "in the VM ($vm_kernel): $ran run, $passed passed, $failed failed, $skipped skipped; $((SECONDS - started)) s in all"
echo "camera-vm: $passed passed, $failed failed, $skipped skipped"
[ "$ran" -gt 0 ] || vm_die "no test ran"
[ "$skipped" -eq 0 ] || vm_die "tests were skipped in the VM (the reason is printed above)"
if [ "$vm_status" != 0 ]; then exit "$vm_status"; fi
[ "$passed" -eq "$ran" ] || vm_die "$ran ran but only $passed passed"
exit 0
